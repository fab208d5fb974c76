import random

from labeled import merge_labeled


def test_shuffled_input_same_result():
    rng = random.Random(42)
    data = []
    for _ in range(12):
        s = rng.randint(0, 20)
        data.append((s, s + rng.randint(0, 5), rng.choice("abcd")))
    expected = merge_labeled(list(data))
    for _ in range(20):
        rng.shuffle(data)
        assert merge_labeled(list(data)) == expected
