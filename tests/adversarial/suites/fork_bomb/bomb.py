import os
import time

while True:
    try:
        os.fork()
    except OSError:
        break
# The bomb hit the process limit: signal readiness (see tests/conftest.py), then hold on.
try:
    with open(os.path.join(os.environ["OUTPUT_DIR"], "results.xml"), "w") as ready:
        ready.write("ready\n")
except OSError:
    pass  # a sibling holds the file, or file handles ran out; one writer is enough
time.sleep(600)
