def greet(name):
    message = "Hello, " + name
    print(message)


def farewell(name):
    print("Goodbye, " + name)
