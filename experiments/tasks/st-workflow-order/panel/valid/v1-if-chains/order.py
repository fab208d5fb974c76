"""Order lifecycle with explicit checks in each action method."""


class InvalidTransition(Exception):
    def __init__(self, state, action):
        super().__init__(f"{action}() is not allowed in state {state!r}")
        self.state, self.action = state, action


class Order:
    def __init__(self, order_id):
        self.order_id = order_id
        self.state = "created"
        self.tracking = None
        self.cancel_reason = None
        self.refund_due = False
        self._log = []

    def _go(self, new_state):
        self._log.append((self.state, new_state))
        self.state = new_state

    def pay(self):
        if self.state != "created":
            raise InvalidTransition(self.state, "pay")
        self._go("paid")

    def ship(self, tracking):
        if not isinstance(tracking, str) or tracking == "":
            raise ValueError("tracking required")
        if self.state != "paid":
            raise InvalidTransition(self.state, "ship")
        self.tracking = tracking
        self._go("shipped")

    def deliver(self):
        if self.state != "shipped":
            raise InvalidTransition(self.state, "deliver")
        self._go("delivered")

    def cancel(self, reason):
        if self.state == "created":
            self.refund_due = False
        elif self.state == "paid":
            self.refund_due = True
        else:
            raise InvalidTransition(self.state, "cancel")
        self.cancel_reason = reason
        self._go("cancelled")

    @property
    def is_final(self):
        return self.state == "delivered" or self.state == "cancelled"

    def history(self):
        return self._log[:]
