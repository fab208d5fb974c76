"""A Resolver object with a cache and an explicit resolution stack."""


class InterpolationError(ValueError):
    pass


class InterpolationCycleError(InterpolationError):
    def __init__(self, chain):
        self.chain = list(chain)
        super().__init__(f"cyclic reference via {self.chain[0]}")


class _Resolver:
    def __init__(self, config):
        self.config = config
        self.cache = {}
        self.stack = []

    def lookup(self, ref, here):
        section, sep, key = ref.rpartition(":")
        section = section if sep else here
        try:
            self.config[section][key]
        except KeyError:
            raise InterpolationError(f"{ref!r} does not exist") from None
        return self.value(section, key)

    def value(self, section, key):
        node = f"{section}:{key}"
        if node in self.cache:
            return self.cache[node]
        if node in self.stack:
            raise InterpolationCycleError(self.stack[self.stack.index(node):] + [node])
        self.stack.append(node)
        raw = self.config[section][key]
        pieces = []
        pos = 0
        while True:
            dollar = raw.find("$", pos)
            if dollar < 0:
                pieces.append(raw[pos:])
                break
            pieces.append(raw[pos:dollar])
            follow = raw[dollar + 1:dollar + 2]
            if follow == "$":
                pieces.append("$")
                pos = dollar + 2
            elif follow == "{":
                close = raw.find("}", dollar)
                if close < 0:
                    raise InterpolationError(f"no closing brace in {node}")
                pieces.append(self.lookup(raw[dollar + 2:close], section))
                pos = close + 1
            else:
                pieces.append("$")
                pos = dollar + 1
        self.stack.pop()
        self.cache[node] = "".join(pieces)
        return self.cache[node]


def resolve(config):
    r = _Resolver(config)
    return {s: {k: r.value(s, k) for k in d} for s, d in config.items()}
