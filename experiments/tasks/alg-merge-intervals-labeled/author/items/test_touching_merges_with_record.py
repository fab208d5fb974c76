from labeled import Booking, merge_labeled


def test_touching_merges_with_record():
    data = [Booking(3, 5, "late"), Booking(1, 3, "early")]
    assert merge_labeled(data) == [(1, 5, ("early", "late"))]
