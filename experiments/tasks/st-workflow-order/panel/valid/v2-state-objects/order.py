"""Order lifecycle using one small state object per state (State pattern)."""


class InvalidTransition(Exception):
    def __init__(self, state, action):
        Exception.__init__(self, state, action)
        self.state = state
        self.action = action


class _State:
    name = ""
    final = False
    moves = {}

    def target(self, action):
        if action not in self.moves:
            raise InvalidTransition(self.name, action)
        return STATES[self.moves[action]]


class _Created(_State):
    name, moves = "created", {"pay": "paid", "cancel": "cancelled"}


class _Paid(_State):
    name, moves = "paid", {"ship": "shipped", "cancel": "cancelled"}


class _Shipped(_State):
    name, moves = "shipped", {"deliver": "delivered"}


class _Delivered(_State):
    name, final = "delivered", True


class _Cancelled(_State):
    name, final = "cancelled", True


STATES = {cls.name: cls() for cls in (_Created, _Paid, _Shipped, _Delivered, _Cancelled)}


class Order:
    def __init__(self, order_id):
        self.order_id = order_id
        self._state = STATES["created"]
        self._trail = []
        self.tracking = None
        self.cancel_reason = None
        self.refund_due = False

    @property
    def state(self):
        return self._state.name

    @property
    def is_final(self):
        return self._state.final

    def _fire(self, action):
        nxt = self._state.target(action)
        self._trail.append((self._state.name, nxt.name))
        self._state = nxt

    def pay(self):
        self._fire("pay")

    def ship(self, tracking):
        if type(tracking) is not str or len(tracking) == 0:
            raise ValueError(f"bad tracking number {tracking!r}")
        self._fire("ship")
        self.tracking = tracking

    def deliver(self):
        self._fire("deliver")

    def cancel(self, reason):
        refund = self._state.name == "paid"
        self._fire("cancel")
        self.refund_due = refund
        self.cancel_reason = reason

    def history(self):
        return [tuple(step) for step in self._trail]
