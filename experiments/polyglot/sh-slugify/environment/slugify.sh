#!/usr/bin/env bash
# Print a URL slug of $1.
text=$(printf '%s' "$1" | tr 'A-Z' 'a-z')
slug=$(printf '%s' "$text" | tr -c 'a-z0-9' '-')
slug=${slug#-}
slug=${slug%-}
printf '%s\n' "$slug"
