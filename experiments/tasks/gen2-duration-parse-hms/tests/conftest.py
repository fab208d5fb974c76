import os
import sys

sys.path.insert(0, os.environ.get("APP_DIR", os.getcwd()))
