function renderUsers(users) {
  const rows = [];
  for (const user of users) {
    const name = user.firstName + ' ' + user.lastName;
    rows.push('<tr><td>' + name + '</td><td>' + user.email + '</td></tr>');
  }
  return '<table>' + rows.join('') + '</table>';
}
