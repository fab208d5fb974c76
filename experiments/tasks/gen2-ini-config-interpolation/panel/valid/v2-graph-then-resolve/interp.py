"""Parse every value into parts, check the reference graph, then evaluate."""


class InterpolationError(ValueError):
    pass


class InterpolationCycleError(InterpolationError):
    def __init__(self, chain):
        InterpolationError.__init__(self, "circular references: %s" % ", ".join(chain))
        self.chain = chain


def _parts(section, raw):
    """Split raw into literal strings and (section, key, ref) references."""
    parts, i, text = [], 0, ""
    while i < len(raw):
        if raw.startswith("$$", i):
            text += "$"
            i += 2
        elif raw.startswith("${", i):
            end = raw.find("}", i)
            if end == -1:
                raise InterpolationError("unterminated ${ in " + repr(raw))
            ref = raw[i + 2:end]
            sec, _, name = ref.rpartition(":")
            parts.extend([text, (sec if ":" in ref else section, name, ref)])
            text = ""
            i = end + 1
        else:
            text += raw[i]
            i += 1
    parts.append(text)
    return parts


def resolve(config):
    parsed = {}
    for sec, values in config.items():
        for key, raw in values.items():
            parsed[(sec, key)] = _parts(sec, raw)
    state = {}  # node -> "open" | "closed"
    path = []
    result = {}

    def visit(node):
        if state.get(node) == "closed":
            return result[node]
        if state.get(node) == "open":
            cycle = path[path.index(node):] + [node]
            raise InterpolationCycleError(["%s:%s" % n for n in cycle])
        state[node] = "open"
        path.append(node)
        pieces = []
        for part in parsed[node]:
            if isinstance(part, str):
                pieces.append(part)
                continue
            target = part[:2]
            if target not in parsed:
                raise InterpolationError("reference to unknown " + part[2])
            pieces.append(visit(target))
        path.pop()
        state[node] = "closed"
        result[node] = "".join(pieces)
        return result[node]

    out = {}
    for sec, values in config.items():
        out[sec] = {key: visit((sec, key)) for key in values}
    return out
