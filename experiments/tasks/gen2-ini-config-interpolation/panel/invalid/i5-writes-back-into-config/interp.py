"""Interpolation of ${...} references between INI values."""


class InterpolationError(ValueError):
    """A reference cannot be resolved."""


class InterpolationCycleError(InterpolationError):
    """References form a cycle; `chain` lists it as "section:key" strings."""

    def __init__(self, chain):
        super().__init__("reference cycle: " + " -> ".join(chain))
        self.chain = chain


def resolve(config):
    """Return a copy of config with every ${key} and ${section:key} expanded."""
    done = {}  # (section, key) -> resolved value

    def value_of(section, key, stack):
        node = (section, key)
        if node in done:
            return done[node]
        if node in stack:
            start = stack.index(node)
            chain = [f"{s}:{k}" for s, k in stack[start:]] + [f"{section}:{key}"]
            raise InterpolationCycleError(chain)
        raw = config[section][key]
        stack.append(node)
        out = []
        i = 0
        while i < len(raw):
            ch = raw[i]
            nxt = raw[i + 1:i + 2]
            if ch != "$":
                out.append(ch)
                i += 1
            elif nxt == "$":
                out.append("$")
                i += 2
            elif nxt != "{":
                out.append("$")
                i += 1
            else:
                end = raw.find("}", i + 2)
                if end < 0:
                    raise InterpolationError(f"unterminated reference in {section}:{key}")
                ref = raw[i + 2:end]
                target, colon, name = ref.rpartition(":")
                if not colon:
                    target = section
                if target not in config or name not in config[target]:
                    raise InterpolationError(f"unknown reference ${{{ref}}} in {section}:{key}")
                out.append(value_of(target, name, stack))
                i = end + 1
        stack.pop()
        done[node] = config[section][key] = "".join(out)
        return done[node]

    return {s: {k: value_of(s, k, []) for k in entries} for s, entries in config.items()}
