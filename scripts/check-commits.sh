#!/usr/bin/env bash
# Commit habits (README, "Contributing"): every commit after the tree's formatting commit has a
# subject of at most 72 characters, no "WIP" subject, and a blank line between subject and body.
# Older history is left as it was written. Usage: scripts/check-commits.sh [first-commit]
set -euo pipefail
cd "$(dirname "$0")/.."
# The formatting commit: the habit is checked from the commit after it.
since=${1:-$(git log --format=%H --grep='^Format the tree with clang-format-22' -n 1)}
if [[ -z $since ]] || ! git rev-parse -q --verify "$since^{commit}" >/dev/null; then
  echo "check-commits: no history to check (a shallow clone?)" >&2
  exit 0
fi
bad=0
while IFS= read -r h; do
  subject=$(git log -n 1 --format=%s "$h")
  second=$(git log -n 1 --format=%B "$h" | sed -n 2p)
  if ((${#subject} > 72)); then
    echo "check-commits: ${h:0:10}: subject of ${#subject} characters (at most 72): $subject" >&2
    bad=1
  fi
  if [[ $subject =~ ^[Ww][Ii][Pp]([^A-Za-z]|$) ]]; then
    echo "check-commits: ${h:0:10}: a WIP commit: $subject" >&2
    bad=1
  fi
  if [[ -n $second ]]; then
    echo "check-commits: ${h:0:10}: no blank line after the subject" >&2
    bad=1
  fi
done < <(git rev-list --no-merges "$since..HEAD")
exit $bad
