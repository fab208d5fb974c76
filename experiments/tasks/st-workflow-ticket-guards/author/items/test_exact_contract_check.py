from ticket import Ticket


def test_exact_contract_check():
    t = Ticket('x')
    t.block('triage')
    t.unblock()
    assert t.state == 'open'
    t = Ticket('x')
    t.assign('ann')
    t.start()
    t.resolve('fixed')
    t.reopen()
    assert t.resolution == 'fixed'
