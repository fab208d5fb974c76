import pytest

from topicbus import TopicBus


def test_empty_segment_message():
    with pytest.raises(ValueError, match="empty segment"):
        TopicBus().subscribe("a..b", print)
