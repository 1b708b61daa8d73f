class Celsius:
    def __init__(self, degrees: float):
        self.degrees = degrees

    def __str__(self) -> str:
        return f"{self.degrees} C"


class Fahrenheit:
    def __init__(self, degrees: float):
        self.degrees = degrees

    def __str__(self) -> str:
        return f"{self.degrees} F"
