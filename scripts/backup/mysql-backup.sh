#!/usr/bin/env bash
# Consistent logical backup of one MySQL/MariaDB database (docs/runbook.md#mysql-backups-and-restore).
#
#   scripts/backup/mysql-backup.sh
#
# Writes {BACKUP_DIR}/{database}_{YYYYMMDDTHHMMSSZ}.sql.gz (UTC) and a .sha256 file beside it, both mode 0600.
# One InnoDB snapshot (--single-transaction): the API and worker keep running, nothing is locked for writes.
#
# Settings (environment):
#   DB_HOST (127.0.0.1)  DB_PORT (3306)  DB_USER (root)  DB_PASSWORD (empty)  DB_DATABASE (reviewroute)
#   BACKUP_DIR          where dumps go (./backups)
#   BACKUP_KEEP_DAYS    when set (a whole number, 1 or more), dumps of this database older than that many days are deleted
#                       after a successful backup; the one just made is never deleted
#   BACKUP_BINLOG_POS   1: also record the binary-log position in the dump's header (for point-in-time
#                       recovery; needs binary logging on and the RELOAD privilege; takes a global read lock
#                       for a moment at the start)
#   MYSQLDUMP           the dump program (default: mariadb-dump if installed, else mysqldump)
#
# The password goes to the client in MYSQL_PWD, never on the command line (where `ps` shows it).
# Exit status: 0 done; 1 the dump or a check failed (no dump left behind); 2 bad settings; 3 another backup
# of the same directory is running.
set -euo pipefail

DB_HOST=${DB_HOST:-127.0.0.1}
DB_PORT=${DB_PORT:-3306}
DB_USER=${DB_USER:-root}
DB_PASSWORD=${DB_PASSWORD:-}
DB_DATABASE=${DB_DATABASE:-reviewroute}
BACKUP_DIR=${BACKUP_DIR:-./backups}
BACKUP_KEEP_DAYS=${BACKUP_KEEP_DAYS:-}
BACKUP_BINLOG_POS=${BACKUP_BINLOG_POS:-0}

log() { printf '[mysql-backup] %s\n' "$*"; }
die() { printf '[mysql-backup] error: %s\n' "$1" >&2; exit "${2:-1}"; }

[[ $DB_DATABASE =~ ^[A-Za-z0-9_]+$ ]] || die "DB_DATABASE must be letters, digits and _; got '$DB_DATABASE'" 2
[[ $DB_PORT =~ ^[0-9]+$ ]] || die "DB_PORT must be a number; got '$DB_PORT'" 2
[[ -z $BACKUP_KEEP_DAYS || $BACKUP_KEEP_DAYS =~ ^[1-9][0-9]*$ ]] || die "BACKUP_KEEP_DAYS must be a whole number of days, 1 or more; got '$BACKUP_KEEP_DAYS'" 2

if [[ -n ${MYSQLDUMP:-} ]]; then
  dump_bin=$MYSQLDUMP
elif command -v mariadb-dump >/dev/null 2>&1; then
  dump_bin=mariadb-dump
elif command -v mysqldump >/dev/null 2>&1; then
  dump_bin=mysqldump
else
  die 'neither mariadb-dump nor mysqldump is installed' 2
fi
for tool in gzip sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed" 2
done

# Dumps hold owners' personal data and encrypted tokens: readable by this user only.
umask 077
mkdir -p "$BACKUP_DIR"
BACKUP_DIR=$(cd "$BACKUP_DIR" && pwd)

# One backup per directory at a time (a slow dump must not overlap the next cron run).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$BACKUP_DIR/.mysql-backup.lock"
  flock -n 9 || die "another backup into $BACKUP_DIR is running" 3
fi

export MYSQL_PWD=$DB_PASSWORD

stamp=$(date -u +%Y%m%dT%H%M%SZ)
name="${DB_DATABASE}_${stamp}.sql.gz"
final="$BACKUP_DIR/$name"
partial="$final.partial"
[[ ! -e $final ]] || die "$final already exists"

cleanup() { rm -f "$partial" "$partial.sha256"; }
trap cleanup EXIT

options=(
  --host="$DB_HOST" --port="$DB_PORT" --user="$DB_USER"
  --single-transaction --quick
  --routines --triggers --events
  --hex-blob --default-character-set=utf8mb4
  --no-tablespaces
)
help=$("$dump_bin" --help 2>/dev/null || true)
# MySQL's own mysqldump: without this, a server with GTIDs writes SET @@GLOBAL.GTID_PURGED into the dump,
# which makes the dump fail to load on any server that has GTIDs of its own (a scratch database, a new primary).
if grep -q -- '--set-gtid-purged' <<<"$help"; then options+=(--set-gtid-purged=OFF); fi
if [[ $BACKUP_BINLOG_POS == 1 ]]; then
  if grep -q -- '--source-data' <<<"$help"; then options+=(--source-data=2); else options+=(--master-data=2); fi
fi

log "dumping $DB_DATABASE from $DB_USER@$DB_HOST:$DB_PORT with $dump_bin into $final"
started=$(date +%s.%N)
"$dump_bin" "${options[@]}" "$DB_DATABASE" | gzip -6 >"$partial"

# A dump cut short (connection lost, disk full) still gzips cleanly: insist on mysqldump's closing line.
gzip -t "$partial" || die 'the written file is not valid gzip'
trailer=$(gzip -dc "$partial" | tail -n 1)
[[ $trailer == '-- Dump completed'* ]] || die "the dump did not finish (last line: ${trailer:0:120})"

(cd "$BACKUP_DIR" && sha256sum "$(basename "$partial")" | sed "s/\.partial\$//" >"$name.sha256")
mv "$partial" "$final"
trap - EXIT
elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
size=$(stat -c %s "$final")
log "wrote $final ($size bytes gzip) in ${elapsed}s"
log "sha256 $(cut -d' ' -f1 "$final.sha256") in $final.sha256"

if [[ -n $BACKUP_KEEP_DAYS ]]; then
  deleted=0
  while IFS= read -r -d '' old; do
    [[ $old == "$final" ]] && continue
    rm -f -- "$old" "$old.sha256"
    log "retention: deleted $old (older than $BACKUP_KEEP_DAYS days)"
    deleted=$((deleted + 1))
  done < <(find "$BACKUP_DIR" -maxdepth 1 -type f -name "${DB_DATABASE}_????????T??????Z.sql.gz" -mmin +"$((BACKUP_KEEP_DAYS * 1440))" -print0)
  log "retention: $deleted old dump(s) of $DB_DATABASE deleted, keeping $BACKUP_KEEP_DAYS days"
fi
