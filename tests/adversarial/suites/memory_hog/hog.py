import sys

held = []
for step in range(1, 1000):  # up to ~32 GB
    block = bytearray(32 * 1024 * 1024)
    block[::4096] = b"x" * len(block[::4096])  # touch every page
    held.append(block)
    print("allocated_mb", step * 32, flush=True)
sys.exit(0)
