package people;

import java.util.ArrayList;
import java.util.List;

public class Directory {
    private static final int ADULT_AGE = 18;

    private final List<Person> people = new ArrayList<>();

    public void add(Person person) {
        people.add(person);
    }

    public List<String> adultNames() {
        return people.stream()
                .filter(person -> person.age() >= ADULT_AGE)
                .map(Person::name)
                .toList();
    }

    public int size() {
        return people.size();
    }
}
