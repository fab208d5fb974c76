from fittable import fit_table


def test_table_known_renderings():
    # Cases checked by hand against the requirements.
    cases = [
        ((['name', 'qty'], [['pear', 404], [True, 49]], 4), 'name  qty\n====  ===\npear  404\nyes    49'),
        ((['name', 'qty'], [['watermelon', 596]], 4), 'name  qty\n====  ===\nw...  596'),
        ((['name', 'qty'], [['ab', 88]], 7), 'name  qty\n====  ===\nab     88'),
        ((['name', 'qty'], [['ab', 246], ['ab', 564]], 7), 'name  qty\n====  ===\nab    246\nab    564'),
        ((['name', 'qty'], [[None, 126]], 5), 'name  qty\n====  ===\n      126'),
        ((['name', 'qty'], [[None, 599]], 7), 'name  qty\n====  ===\n      599'),
        ((['name', 'qty'], [['pear', 47]], 8), 'name  qty\n====  ===\npear   47'),
        ((['name', 'qty'], [['watermelon', 429]], 5), 'name   qty\n=====  ===\nwa...  429'),
        ((['name', 'qty'], [[None, 315]], 8), 'name  qty\n====  ===\n      315'),
        ((['name', 'qty'], [['ab', 595]], 8), 'name  qty\n====  ===\nab    595'),
        ((['name', 'qty'], [['watermelon', 99]], 8), 'name      qty\n========  ===\nwater...   99'),
        ((['name', 'qty'], [[None, 61]], 8), 'name  qty\n====  ===\n       61'),
        ((['name', 'qty'], [['kiwi fruit', 696]], 8), 'name      qty\n========  ===\nkiwi ...  696'),
        ((['name', 'qty'], [['watermelon', 476], [None, 945]], 7), 'name     qty\n=======  ===\nwate...  476\n         945'),
        ((['name', 'qty'], [['watermelon', 254], ['pear', 715]], 5), 'name   qty\n=====  ===\nwa...  254\npear   715'),
        ((['name', 'qty'], [[None, 307]], 8), 'name  qty\n====  ===\n      307'),
        ((['name', 'qty'], [['watermelon', 746], ['kiwi fruit', 294]], 8), 'name      qty\n========  ===\nwater...  746\nkiwi ...  294'),
        ((['name', 'qty'], [['ab', 524]], 7), 'name  qty\n====  ===\nab    524'),
        ((['name', 'qty'], [['watermelon', 155]], 7), 'name     qty\n=======  ===\nwate...  155'),
        ((['name', 'qty'], [['ab', 985], [True, 79]], 8), 'name  qty\n====  ===\nab    985\nyes    79'),
        ((['name', 'qty'], [['watermelon', 711], ['watermelon', 608]], 7), 'name     qty\n=======  ===\nwate...  711\nwate...  608'),
        ((['name', 'qty'], [['ab', 860], ['ab', 967]], 6), 'name  qty\n====  ===\nab    860\nab    967'),
        ((['name', 'qty'], [[True, 680], ['ab', 62]], 9), 'name  qty\n====  ===\nyes   680\nab     62'),
        ((['name', 'qty'], [[True, 591], [True, 841]], 7), 'name  qty\n====  ===\nyes   591\nyes   841'),
        ((['name', 'qty'], [[True, 395], [True, 355]], 4), 'name  qty\n====  ===\nyes   395\nyes   355'),
        ((['name', 'qty'], [['watermelon', 172], [None, 119]], 7), 'name     qty\n=======  ===\nwate...  172\n         119'),
    ]
    for args, expected in cases:
        assert fit_table(*args) == expected, args
