import pytest

from topicbus import TopicBus


def test_wildcard_topic_rejected():
    with pytest.raises(ValueError):
        TopicBus().publish("a.*", 1)
