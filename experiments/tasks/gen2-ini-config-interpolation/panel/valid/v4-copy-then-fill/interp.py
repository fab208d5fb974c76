"""Deep-copies the config, then replaces values in the copy in dependency order."""
import copy
import re

_PIECE = re.compile(r"\$(?:(\$)|\{([^}]*)(\}?))")


class InterpolationError(ValueError):
    pass


class InterpolationCycleError(InterpolationError):
    def __init__(self, chain):
        super().__init__(f"cycle: {chain}")
        self.chain = chain


def resolve(config):
    result = copy.deepcopy(config)
    finished = set()
    trail = []

    def fill(section, key):
        tag = f"{section}:{key}"
        if tag in finished:
            return result[section][key]
        if tag in trail:
            raise InterpolationCycleError(trail[trail.index(tag):] + [tag])
        trail.append(tag)
        raw = config[section][key]
        chunks, last = [], 0
        for m in _PIECE.finditer(raw):
            chunks.append(raw[last:m.start()])
            last = m.end()
            if m.group(1):
                chunks.append("$")
                continue
            if not m.group(3):
                raise InterpolationError(f"unterminated reference in {tag}")
            ref = m.group(2)
            sec, name = ref.rsplit(":", 1) if ":" in ref else (section, ref)
            if sec not in config or name not in config[sec]:
                raise InterpolationError(f"{tag}: unknown ${{{ref}}}")
            chunks.append(fill(sec, name))
        chunks.append(raw[last:])
        result[section][key] = "".join(chunks)
        finished.add(tag)
        trail.pop()
        return result[section][key]

    for section in config:
        for key in config[section]:
            fill(section, key)
    return result
