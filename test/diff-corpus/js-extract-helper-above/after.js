function fullName(user) {
  return user.firstName + ' ' + user.lastName;
}

function renderUsers(users) {
  const rows = [];
  for (const user of users) {
    const name = fullName(user);
    rows.push('<tr><td>' + name + '</td><td>' + user.email + '</td></tr>');
  }
  return '<table>' + rows.join('') + '</table>';
}
