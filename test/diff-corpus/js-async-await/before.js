const fs = require('fs');
const path = require('path');

function readConfig(dir, callback) {
  fs.readFile(path.join(dir, 'config.json'), 'utf8', (err, text) => {
    if (err) {
      callback(err);
      return;
    }
    let config;
    try {
      config = JSON.parse(text);
    } catch (parseError) {
      callback(parseError);
      return;
    }
    callback(null, config);
  });
}

module.exports = { readConfig };
