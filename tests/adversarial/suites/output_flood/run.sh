# Prints 100 MB, then exits 0.
head -c 104857600 /dev/zero | tr '\0' 'F'
exit 0
