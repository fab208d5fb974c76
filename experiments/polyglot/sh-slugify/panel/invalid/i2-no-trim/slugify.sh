#!/usr/bin/env bash
printf '%s\n' "$1" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g'
