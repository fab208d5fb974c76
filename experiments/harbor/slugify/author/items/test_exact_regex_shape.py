def test_exact_regex_shape():
    import slug
    assert "re" in dir(slug)
