var core = process.platform === 'win32' || global.TESTING_WINDOWS
  ? require('./windows.js')
  : require('./mode.js')

module.exports = isexe
isexe.sync = sync

// EACCES just means we aren't allowed to run it; ignoreErrors treats every error that way.
function ignorable (er, options) {
  return er.code === 'EACCES' || !!(options && options.ignoreErrors)
}

function sync (path, options) {
  try {
    return core.sync(path, options || {})
  } catch (er) {
    if (ignorable(er, options)) {
      return false
    }
    throw er
  }
}

function isexe (path, options, cb) {
  if (typeof options === 'function') {
    cb = options
    options = {}
  }

  if (!cb) {
    if (typeof Promise !== 'function') {
      throw new TypeError('callback not provided')
    }

    return new Promise(function (resolve, reject) {
      isexe(path, options || {}, function (er, is) {
        if (er) {
          reject(er)
        } else {
          resolve(is)
        }
      })
    })
  }

  core(path, options || {}, function (er, is) {
    if (er && ignorable(er, options)) {
      er = null
      is = false
    }
    cb(er, is)
  })
}
