#!/usr/bin/env bash
# Starts Debian's PgBouncer in TRANSACTION mode in front of the local PostgreSQL, for tests
# (docs/deploy.md): `scripts/deploy/pgbouncer.sh start PORT DIR` / `stop DIR`. Every database
# name is passed through to 127.0.0.1:5432; trust authentication, as the local server has.
set -euo pipefail
command="$1"
if [ "$command" = stop ]; then
  dir="$2"
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  exit 0
fi
port="$2" dir="$3" pool_size="${PGBOUNCER_POOL_SIZE:-20}"
mkdir -p "$dir"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
default_pool_size = $pool_size
max_client_conn = 2000
max_db_connections = $pool_size
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
echo '"postgres" ""' >"$dir/userlist.txt"
chmod -R a+rwX "$dir"
# PgBouncer refuses to run as root; -u drops to the postgres user.
if [ "$(id -u)" = 0 ]; then pgbouncer -d -u postgres "$dir/pgbouncer.ini"; else pgbouncer -d "$dir/pgbouncer.ini"; fi
for _ in $(seq 1 50); do pg_isready -h 127.0.0.1 -p "$port" -q && exit 0; sleep 0.1; done
echo "PgBouncer did not start; see $dir/pgbouncer.log" >&2
exit 1
