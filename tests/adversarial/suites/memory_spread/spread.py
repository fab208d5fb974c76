import os
import sys

PROCESSES, SHARE_MB = 4, 48
ready_r, ready_w = os.pipe()
go_r, go_w = os.pipe()
children = []
for _ in range(PROCESSES):
    pid = os.fork()
    if pid == 0:
        os.close(ready_r)
        os.close(go_w)
        block = bytearray(SHARE_MB * 1024 * 1024)
        block[::4096] = b"x" * len(block[::4096])  # touch every page
        os.write(ready_w, b"r")
        os.close(ready_w)
        os.read(go_r, 1)  # hold the share until every sibling holds its own
        os._exit(0)
    children.append(pid)
os.close(ready_w)
os.close(go_r)
held = 0
while held < PROCESSES and os.read(ready_r, 1):  # EOF once every child wrote or died
    held += 1
print("held", held, "of", PROCESSES, flush=True)
os.close(go_w)
statuses = [os.waitpid(pid, 0)[1] for pid in children]
print("statuses", statuses, flush=True)
sys.exit(0 if held == PROCESSES and not any(statuses) else 1)
