import socket
import sys

port = int(sys.argv[1])
reached = []
for host, target_port in (("127.0.0.1", port), ("10.0.0.1", 80), ("192.168.0.1", 80), ("1.1.1.1", 53)):
    try:
        socket.create_connection((host, target_port), timeout=2).close()
        reached.append(host)
    except OSError as error:
        print("blocked", host, error)
try:
    socket.getaddrinfo("example.com", 80)
    reached.append("dns")
except OSError as error:
    print("blocked dns", error)
print("reached", reached)
sys.exit(1 if reached else 0)
