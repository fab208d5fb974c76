"""re.sub with a callback; a memo dict and an 'in progress' list."""
import re

_TOKEN = re.compile(r"\$\$|\$\{([^}]*)\}|\$\{")


class InterpolationError(ValueError):
    pass


class InterpolationCycleError(InterpolationError):
    def __init__(self, chain):
        super().__init__("cycle " + " > ".join(chain))
        self.chain = chain


def resolve(config):
    memo = {}
    active = []

    def get(section, key):
        if (section, key) in memo:
            return memo[(section, key)]
        if (section, key) in active:
            loop = active[active.index((section, key)):] + [(section, key)]
            raise InterpolationCycleError([f"{s}:{k}" for s, k in loop])
        active.append((section, key))

        def substitute(match):
            token = match.group(0)
            if token == "$$":
                return "$"
            if match.group(1) is None:
                raise InterpolationError(f"missing '}}' in {section}:{key}")
            ref = match.group(1)
            if ":" in ref:
                sec, name = ref.rsplit(":", 1)
            else:
                sec, name = section, ref
            if name not in config.get(sec, {}):
                raise InterpolationError(f"cannot resolve {ref}")
            return get(sec, name)

        memo[(section, key)] = _TOKEN.sub(substitute, config[section][key])
        active.pop()
        return memo[(section, key)]

    return {sec: {key: get(sec, key) for key in values} for sec, values in config.items()}
