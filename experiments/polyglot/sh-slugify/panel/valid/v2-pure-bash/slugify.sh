#!/usr/bin/env bash
out="" dash=0
text=$1
for ((i = 0; i < ${#text}; i++)); do
    c=${text:i:1}
    case $c in
        [A-Z]) c=$(printf '%s' "$c" | tr 'A-Z' 'a-z') ;;
    esac
    case $c in
        [a-z0-9]) if ((dash)) && [[ -n $out ]]; then out+="-"; fi; out+=$c; dash=0 ;;
        *) dash=1 ;;
    esac
done
printf '%s\n' "$out"
