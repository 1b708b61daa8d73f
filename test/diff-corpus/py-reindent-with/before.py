import json


def save(path, records):
    handle = open(path, "w")
    for record in records:
        line = json.dumps(record, sort_keys=True)
        handle.write(line)
        handle.write("\n")
    handle.close()


def load(path):
    handle = open(path)
    records = [json.loads(line) for line in handle if line.strip()]
    handle.close()
    return records
