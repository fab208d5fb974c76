"""Order lifecycle whose state is derived from its transition log."""

_NEXT = {
    "pay": {"created": "paid"},
    "ship": {"paid": "shipped"},
    "deliver": {"shipped": "delivered"},
    "cancel": {"created": "cancelled", "paid": "cancelled"},
}


class InvalidTransition(Exception):
    def __init__(self, state, action):
        super().__init__(f"order in state {state} refuses {action}")
        self.state = state
        self.action = action


class Order:
    def __init__(self, order_id):
        self.order_id = order_id
        self._log = []
        self.tracking = None
        self.cancel_reason = None

    @property
    def state(self):
        return self._log[-1][1] if self._log else "created"

    @property
    def refund_due(self):
        return self.state == "cancelled" and self._log[-1][0] == "paid"

    @property
    def is_final(self):
        return self.state in ("delivered", "cancelled")

    def _step(self, action):
        current = self.state
        try:
            target = _NEXT[action][current]
        except KeyError:
            raise InvalidTransition(current, action) from None
        self._log.append((current, target))

    def pay(self):
        self._step("pay")

    def ship(self, tracking):
        if not tracking or not isinstance(tracking, str):
            raise ValueError("ship() needs a tracking number")
        self._step("ship")
        self.tracking = tracking

    def deliver(self):
        self._step("deliver")

    def cancel(self, reason):
        self._step("cancel")
        self.cancel_reason = reason

    def history(self):
        return list(self._log)
