#!/usr/bin/env bash
# Restores a dump written by mysql-backup.sh into a database (docs/runbook.md#mysql-backups-and-restore).
#
#   scripts/backup/mysql-restore.sh [--force] DUMP.sql.gz TARGET_DATABASE
#
# 1. checks the dump against DUMP.sql.gz.sha256 (refuses a missing or mismatching checksum);
# 2. refuses a target that already holds tables, views, routines or events, unless --force, which DROPS the
#    target database and creates it afresh (the restored database is then exactly the dump, nothing more);
# 3. creates the target when missing (utf8mb4, utf8mb4_unicode_ci: what the backend creates) and loads the dump.
#
# Connection from the environment like the backup: DB_HOST (127.0.0.1), DB_PORT (3306), DB_USER (root),
# DB_PASSWORD (empty; given to the client in MYSQL_PWD, never on the command line). MYSQL picks the client
# (default: mariadb if installed, else mysql).
#
# Exit status: 0 restored; 1 a step failed (the target may be incomplete: the message says so); 2 bad usage;
# 3 refused: the target is not empty and --force was not given; 4 refused: checksum missing or wrong.
set -euo pipefail

DB_HOST=${DB_HOST:-127.0.0.1}
DB_PORT=${DB_PORT:-3306}
DB_USER=${DB_USER:-root}
DB_PASSWORD=${DB_PASSWORD:-}

log() { printf '[mysql-restore] %s\n' "$*"; }
die() { printf '[mysql-restore] error: %s\n' "$1" >&2; exit "${2:-1}"; }
usage() { die "usage: $0 [--force] DUMP.sql.gz TARGET_DATABASE" 2; }

force=0
positional=()
for arg in "$@"; do
  case $arg in
    --force) force=1 ;;
    -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) usage ;;
    *) positional+=("$arg") ;;
  esac
done
[[ ${#positional[@]} -eq 2 ]] || usage
dump=${positional[0]}
target=${positional[1]}

[[ $target =~ ^[A-Za-z0-9_]+$ ]] || die "TARGET_DATABASE must be letters, digits and _; got '$target'" 2
[[ $DB_PORT =~ ^[0-9]+$ ]] || die "DB_PORT must be a number; got '$DB_PORT'" 2
[[ -f $dump ]] || die "no such dump: $dump" 2

if [[ -n ${MYSQL:-} ]]; then
  client_bin=$MYSQL
elif command -v mariadb >/dev/null 2>&1; then
  client_bin=mariadb
elif command -v mysql >/dev/null 2>&1; then
  client_bin=mysql
else
  die 'neither mariadb nor mysql (the client) is installed' 2
fi

# 1. The checksum, before anything touches the server.
sum_file="$dump.sha256"
[[ -f $sum_file ]] || die "no checksum file $sum_file: refusing to restore an unverified dump" 4
expected=$(awk 'NR == 1 { print $1 }' "$sum_file")
[[ $expected =~ ^[0-9a-f]{64}$ ]] || die "$sum_file does not hold a sha256" 4
actual=$(sha256sum "$dump" | cut -d' ' -f1)
[[ $actual == "$expected" ]] || die "checksum mismatch for $dump: expected $expected, got $actual; the dump is damaged or not the one the checksum was made for" 4
log "checksum ok: $actual"

export MYSQL_PWD=$DB_PASSWORD
connect=(--host="$DB_HOST" --port="$DB_PORT" --user="$DB_USER" --default-character-set=utf8mb4)
sql() { "$client_bin" "${connect[@]}" --batch --skip-column-names -e "$1"; }

# 2. The target must be empty (or absent) unless --force.
objects=$(sql "SELECT
  (SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$target')
  + (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$target')
  + (SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$target')")
exists=$(sql "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$target'")
if [[ $objects -gt 0 ]]; then
  [[ $force == 1 ]] || die "database $target is not empty ($objects tables, views, routines or events): refusing to restore over it; pass --force to drop and replace it" 3
  log "--force: dropping database $target ($objects objects)"
  sql "DROP DATABASE \`$target\`"
  exists=0
fi

# 3. Create and load.
if [[ $exists == 0 ]]; then
  sql "CREATE DATABASE \`$target\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
  log "created database $target"
fi
log "loading $dump ($(stat -c %s "$dump") bytes gzip) into $target on $DB_USER@$DB_HOST:$DB_PORT with $client_bin"
started=$(date +%s.%N)
# MariaDB 10.11.8+ dumps start with a "sandbox mode" line that only MariaDB's client understands; MySQL's
# client stops at it, so it is skipped there (it only forbids shell commands in the rest of the file).
skip_lines=1
first_line=$(gzip -dc "$dump" 2>/dev/null | head -n 1 || true)
client_version=$("$client_bin" --version 2>/dev/null || true)
if [[ $client_version != *MariaDB* && $first_line == '/*M!999999\- enable the sandbox mode'* ]]; then
  skip_lines=2
  log "skipping the MariaDB sandbox-mode first line for $client_bin"
fi
if ! gzip -dc "$dump" | tail -n +"$skip_lines" | "$client_bin" "${connect[@]}" "$target"; then
  die "loading failed: database $target is INCOMPLETE; fix the cause and run again with --force"
fi
elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
tables=$(sql "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$target' AND TABLE_TYPE = 'BASE TABLE'")
log "restored $dump into $target: $tables tables in ${elapsed}s"
