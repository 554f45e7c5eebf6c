// The `skillsmith` command line: validate, list and expand over the same core as the extension.
process.stdout.write('skillsmith: not built yet\n');
