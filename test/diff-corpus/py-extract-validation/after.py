def _clean(payload):
    name = payload.get("name", "").strip()
    email = payload.get("email", "").strip().lower()
    if not name:
        raise ValueError("name is required")
    if "@" not in email:
        raise ValueError("email is invalid")
    return name, email


def create_user(db, payload):
    name, email = _clean(payload)
    if db.find_user(email=email):
        raise ValueError("email already registered")
    user = db.insert_user(name=name, email=email)
    db.commit()
    return user


def update_user(db, user_id, payload):
    user = db.get_user(user_id)
    user.name, user.email = _clean(payload)
    db.commit()
    return user
