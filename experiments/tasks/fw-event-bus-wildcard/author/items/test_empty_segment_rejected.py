import pytest

from topicbus import TopicBus


def test_empty_segment_rejected():
    with pytest.raises(ValueError):
        TopicBus().subscribe("a..b", print)
