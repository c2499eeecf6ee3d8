#!/usr/bin/env python3
"""Prints a RabbitMQ password hash for definitions.json (rabbit_password_hashing_sha256).

The broker's format: base64(salt + sha256(salt + utf8 password)) with a random 4-byte salt.
Usage: hash-password.py PASSWORD            print a new hash (new salt each run)
       hash-password.py --check HASH PASSWORD  exit 0 when HASH was made from PASSWORD
"""
import base64
import hashlib
import os
import sys


def make_hash(password: str, salt: bytes) -> str:
    digest = hashlib.sha256(salt + password.encode("utf-8")).digest()
    return base64.b64encode(salt + digest).decode("ascii")


def matches(password_hash: str, password: str) -> bool:
    salt = base64.b64decode(password_hash)[:4]
    return make_hash(password, salt) == password_hash


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--check":
        sys.exit(0 if matches(sys.argv[2], sys.argv[3]) else 1)
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    print(make_hash(sys.argv[1], os.urandom(4)))
