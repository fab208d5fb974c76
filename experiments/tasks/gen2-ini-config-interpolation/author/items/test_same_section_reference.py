from interp import resolve


def test_same_section_reference():
    config = {"paths": {"home": "/srv", "logs": "${home}/logs"}}
    assert resolve(config) == {"paths": {"home": "/srv", "logs": "/srv/logs"}}
