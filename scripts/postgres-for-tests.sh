#!/usr/bin/env bash
# A throw-away PostgreSQL 15 + pgvector cluster for the tests (docs/decisions/0016-postgres-in-tests.md).
#
#   eval "$(scripts/postgres-for-tests.sh start)"   # installs what is missing, starts, exports TEST_POSTGRES_URL
#   scripts/postgres-for-tests.sh stop              # stops the cluster and deletes its data
#
# Installing needs root (apt-get, `make install`); once installed, any user can start a cluster.
# Everything but the export line goes to stderr, so `eval` sees only the export.
set -euo pipefail

PG_BIN=/usr/lib/postgresql/15/bin
# The server headers an extension builds against come only with postgresql-server-dev-15.
SERVER_HEADERS=/usr/include/postgresql/15/server/postgres.h
VECTOR_CONTROL=/usr/share/postgresql/15/extension/vector.control
PGVECTOR_TARBALL="$(cd "$(dirname "$0")/../.." && pwd)/shared/vendor/pgvector-0.8.6.tar.gz"
STATE_DIR="${BLOGSTREAM_POSTGRES_DIR:-${TMPDIR:-/tmp}/blogstream-postgres}"
DATABASE=blogstream

log() { echo "postgres-for-tests: $*" >&2; }

# initdb and postgres refuse to run as root (stack notes, pitfall 14).
as_cluster_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install_postgres() {
  if [ -x "$PG_BIN/initdb" ] && [ -f "$SERVER_HEADERS" ]; then return; fi
  log "installing postgresql-15 and postgresql-server-dev-15..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 postgresql-server-dev-15 >/dev/null
}

install_pgvector() {
  if [ -f "$VECTOR_CONTROL" ]; then return; fi
  log "building pgvector 0.8.6 from $PGVECTOR_TARBALL..."
  local build_dir="${TMPDIR:-/tmp}/blogstream-pgvector-build"
  rm -rf "$build_dir" && mkdir -p "$build_dir"
  tar xzf "$PGVECTOR_TARBALL" -C "$build_dir"
  # OPTFLAGS="" leaves out -march=native: the build runs on any x86-64 machine.
  make -s -C "$build_dir/pgvector-0.8.6" PG_CONFIG="$PG_BIN/pg_config" OPTFLAGS="" -j2 >/dev/null
  make -s -C "$build_dir/pgvector-0.8.6" PG_CONFIG="$PG_BIN/pg_config" install >/dev/null
}

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

cluster_running() {
  [ -f "$STATE_DIR/port" ] && as_cluster_owner "$PG_BIN/pg_ctl" status -D "$STATE_DIR/data" >/dev/null 2>&1
}

start_cluster() {
  if cluster_running; then return; fi
  rm -rf "$STATE_DIR" && mkdir -p "$STATE_DIR"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$STATE_DIR"; fi
  local port
  port="$(free_port)"
  as_cluster_owner "$PG_BIN/initdb" -D "$STATE_DIR/data" -U postgres --auth=trust \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  # Durability is worthless in a throw-away cluster; without fsync a test database is made in ms.
  as_cluster_owner "$PG_BIN/pg_ctl" start -w -D "$STATE_DIR/data" -l "$STATE_DIR/server.log" \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $STATE_DIR -c fsync=off \
        -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null
  local psql=("$PG_BIN/psql" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres)
  "${psql[@]}" -d postgres -c "CREATE DATABASE $DATABASE" >/dev/null
  "${psql[@]}" -d "$DATABASE" -c "CREATE EXTENSION vector" >/dev/null
  echo "$port" >"$STATE_DIR/port"
  log "PostgreSQL 15 with pgvector on 127.0.0.1:$port (data in $STATE_DIR)"
}

case "${1:-}" in
  start)
    install_postgres
    install_pgvector
    start_cluster
    echo "export TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$(cat "$STATE_DIR/port")/$DATABASE"
    ;;
  stop)
    if cluster_running; then
      as_cluster_owner "$PG_BIN/pg_ctl" stop -D "$STATE_DIR/data" -m fast >/dev/null
    fi
    rm -rf "$STATE_DIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
