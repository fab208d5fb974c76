from pipeline import Pipeline


def test_empty_pipeline_check():
    assert Pipeline(lambda req: req * 3).run(2) == 6
