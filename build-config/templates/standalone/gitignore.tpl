node_modules/
dist/
dev/dist/
