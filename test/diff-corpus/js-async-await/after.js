const fs = require('fs/promises');
const path = require('path');

async function readConfig(dir) {
  const text = await fs.readFile(path.join(dir, 'config.json'), 'utf8');
  return JSON.parse(text);
}

module.exports = { readConfig };
