#!/usr/bin/env bash
# Installs the Debian packages the project needs on a fresh Debian 12 machine, skipping what is
# already there: the RabbitMQ broker, rabbitmq-c (the AMQP client library), protoc with the
# well-known types (libprotobuf-dev), protoc-c and protobuf-c for the C example, pkg-config,
# SQLite, jemalloc (the services' memory allocator), PostgreSQL 15 (the server
# scripts/postgres-local.sh runs privately for the PostgreSQL store's tests and
# `STORE=postgres scripts/run.sh`), libcurl (FoundationNetworking, which the
# notifier uses, links it), Chromium with its WebDriver for the console's browser test
# (scripts/check-console.sh), gRPC's Python plugin for protoc (the gRPC client example,
# scripts/check-grpc.sh), wrk with GNU time (the HTTP rows of scripts/benchmark.sh and
# wrk's CPU), and Docker's engine, debootstrap and docker-compose for the containers' run
# (scripts/compose-e2e.sh). Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(rabbitmq-server librabbitmq-dev protobuf-compiler libprotobuf-dev protobuf-c-compiler libprotobuf-c-dev pkg-config libsqlite3-dev libjemalloc-dev postgresql-15 libcurl4-openssl-dev ca-certificates chromium chromium-driver protobuf-compiler-grpc wrk time docker.io debootstrap docker-compose)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-dependencies: all Debian packages present"
    exit 0
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-dependencies: installing ${missing[*]}"
$sudo apt-get update -qq
# The broker's and PostgreSQL's postinst cannot start a service without systemd;
# scripts/rabbitmq-local.sh and scripts/postgres-local.sh start private ones.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-dependencies: done"
