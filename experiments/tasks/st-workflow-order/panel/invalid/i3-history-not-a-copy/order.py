"""Order lifecycle as a table-driven state machine."""

TRANSITIONS = {
    ("created", "pay"): "paid",
    ("paid", "ship"): "shipped",
    ("shipped", "deliver"): "delivered",
    ("created", "cancel"): "cancelled",
    ("paid", "cancel"): "cancelled",
}
FINAL_STATES = frozenset({"delivered", "cancelled"})


class InvalidTransition(Exception):
    def __init__(self, state, action):
        super().__init__(f"cannot {action} an order that is {state}")
        self.state = state
        self.action = action


class Order:
    def __init__(self, order_id):
        self.order_id = order_id
        self.state = "created"
        self.tracking = None
        self.cancel_reason = None
        self.refund_due = False
        self._history = []

    def _advance(self, action):
        target = TRANSITIONS.get((self.state, action))
        if target is None:
            raise InvalidTransition(self.state, action)
        self._history.append((self.state, target))
        self.state = target

    def pay(self):
        self._advance("pay")

    def ship(self, tracking):
        if not isinstance(tracking, str) or not tracking:
            raise ValueError("tracking number must be a non-empty string")
        self._advance("ship")
        self.tracking = tracking

    def deliver(self):
        self._advance("deliver")

    def cancel(self, reason):
        was_paid = self.state == "paid"
        self._advance("cancel")
        self.cancel_reason = reason
        self.refund_due = was_paid

    @property
    def is_final(self):
        return self.state in FINAL_STATES

    def history(self):
        return self._history
