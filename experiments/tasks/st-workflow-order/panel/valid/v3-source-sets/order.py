"""Order lifecycle where each action lists the states it may start from."""

ACTIONS = {
    "pay": ({"created"}, "paid"),
    "ship": ({"paid"}, "shipped"),
    "deliver": ({"shipped"}, "delivered"),
    "cancel": ({"created", "paid"}, "cancelled"),
}


class InvalidTransition(ValueError):
    """An action was called in a state that does not allow it."""

    def __init__(self, state, action):
        super().__init__("invalid transition: %s from %s" % (action, state))
        self.state = state
        self.action = action


class Order:
    def __init__(self, order_id):
        self.order_id = order_id
        self.state = "created"
        self.tracking = None
        self.cancel_reason = None
        self.refund_due = False
        self._steps = []

    def _check(self, action):
        sources, target = ACTIONS[action]
        if self.state not in sources:
            raise InvalidTransition(self.state, action)
        return target

    def _apply(self, target):
        self._steps.append((self.state, target))
        self.state = target

    def pay(self):
        self._apply(self._check("pay"))

    def ship(self, tracking):
        target = self._check("ship")
        if not isinstance(tracking, str) or tracking == "":
            raise ValueError("empty tracking number")
        self.tracking = tracking
        self._apply(target)

    def deliver(self):
        self._apply(self._check("deliver"))

    def cancel(self, reason):
        target = self._check("cancel")
        self.refund_due = self.state == "paid"
        self.cancel_reason = reason
        self._apply(target)

    @property
    def is_final(self):
        return not any(self.state in sources for sources, _ in ACTIONS.values())

    def history(self):
        return list(self._steps)
