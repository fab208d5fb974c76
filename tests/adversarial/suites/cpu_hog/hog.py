import os
import threading
import time

PROCESSES, THREADS, SPIN_S = 6, 4, 3.0


def spin(until: float) -> None:
    while time.monotonic() < until:
        pass


start = time.monotonic()
until = start + SPIN_S
children = []
for _ in range(PROCESSES):
    pid = os.fork()
    if pid == 0:
        threads = [threading.Thread(target=spin, args=(until,)) for _ in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)
wall = time.monotonic() - start
used = os.times()
cpu = used.children_user + used.children_system
print(f"hog cpu_s {cpu:.3f} wall_s {wall:.3f} ratio {cpu / wall:.3f}", flush=True)
