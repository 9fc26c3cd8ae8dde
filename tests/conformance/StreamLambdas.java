// Stream pipelines as people write them: lambdas and method references.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamLambdas {
    static class Employee {
        final String name, dept;
        final int salary, age;

        Employee(String name, String dept, int salary, int age) {
            this.name = name;
            this.dept = dept;
            this.salary = salary;
            this.age = age;
        }

        String getName() { return name; }
        String getDept() { return dept; }
        int getSalary() { return salary; }
        int getAge() { return age; }

        @Override
        public String toString() { return name; }
    }

    public static void main(String[] args) {
        List<Employee> staff = Arrays.asList(
            new Employee("Alice", "eng", 120, 34), new Employee("Bob", "eng", 95, 28),
            new Employee("Carol", "ops", 80, 45), new Employee("Dave", "ops", 85, 39),
            new Employee("Eve", "sec", 130, 31), new Employee("Frank", "eng", 95, 52),
            new Employee("Grace", "sec", 70, 25));

        System.out.println(staff.stream().filter(e -> e.getSalary() > 90).map(Employee::getName)
            .collect(Collectors.toList()));
        Map<String, Long> perDept = staff.stream().collect(Collectors.groupingBy(Employee::getDept, TreeMap::new, Collectors.counting()));
        System.out.println(perDept);
        Map<String, Double> avgPay = staff.stream().collect(Collectors.groupingBy(Employee::getDept, TreeMap::new,
            Collectors.averagingInt(Employee::getSalary)));
        System.out.println(avgPay);
        Map<String, String> namesPerDept = staff.stream().collect(Collectors.groupingBy(Employee::getDept, TreeMap::new,
            Collectors.mapping(Employee::getName, Collectors.joining(", ", "[", "]"))));
        System.out.println(namesPerDept);
        System.out.println(staff.stream().sorted(Comparator.comparingInt(Employee::getSalary).reversed()
            .thenComparing(Employee::getName)).map(Employee::getName).collect(Collectors.joining(" > ")));
        System.out.println(staff.stream().max(Comparator.comparingInt(Employee::getAge)).map(Employee::getName).orElse("?"));
        System.out.println(staff.stream().mapToInt(Employee::getSalary).sum() + " "
            + staff.stream().mapToInt(Employee::getSalary).average().getAsDouble() + " "
            + staff.stream().mapToInt(Employee::getAge).summaryStatistics());
        Map<Boolean, List<String>> seniors = staff.stream()
            .collect(Collectors.partitioningBy(e -> e.getAge() >= 35, Collectors.mapping(Employee::getName, Collectors.toList())));
        System.out.println(seniors);
        Map<String, Integer> byName = staff.stream().collect(Collectors.toMap(Employee::getName, Employee::getSalary));
        System.out.println(new TreeMap<>(byName));
        Map<String, Integer> topPay = staff.stream()
            .collect(Collectors.toMap(Employee::getDept, Employee::getSalary, Integer::max, TreeMap::new));
        System.out.println(topPay);
        try {
            staff.stream().collect(Collectors.toMap(Employee::getDept, Employee::getName));
        } catch (IllegalStateException ex) {
            System.out.println(ex.getMessage());
        }
        Optional<Employee> rich = staff.stream().filter(e -> e.getSalary() > 200).findFirst();
        System.out.println(rich.isPresent() + " " + rich.map(Employee::getName).orElseGet(() -> "nobody"));

        // word frequencies
        String text = "the quick brown fox jumps over the lazy dog the fox";
        Map<String, Long> freq = Arrays.stream(text.split(" "))
            .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        freq.entrySet().stream()
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
            .limit(4)
            .forEach(en -> System.out.println(en.getKey() + " " + en.getValue()));

        // numbers
        System.out.println(IntStream.rangeClosed(1, 5).mapToObj(i -> i + "^2=" + i * i).collect(Collectors.joining(", ")));
        System.out.println(IntStream.rangeClosed(2, 50).filter(n -> IntStream.rangeClosed(2, (int) Math.sqrt(n))
            .noneMatch(d -> n % d == 0)).boxed().collect(Collectors.toList()));
        System.out.println(Stream.iterate(new long[] {0, 1}, f -> new long[] {f[1], f[0] + f[1]})
            .limit(15).map(f -> f[0]).map(String::valueOf).collect(Collectors.joining(" ")));
        System.out.println(Stream.of("a-b", "c", "d-e-f").flatMap(s -> Arrays.stream(s.split("-")))
            .map(String::toUpperCase).reduce("", String::concat));
        System.out.println(LongStream.rangeClosed(1, 15).reduce(1, (a, b) -> a * b));
        System.out.println(DoubleStream.of(1.5, 2.5, 3.5).map(Math::sqrt).sum());
        List<List<Integer>> grid = IntStream.range(0, 3)
            .mapToObj(r -> IntStream.range(0, 4).map(c -> r * 4 + c).boxed().collect(Collectors.toList()))
            .collect(Collectors.toList());
        System.out.println(grid + " " + grid.stream().flatMap(List::stream).mapToInt(Integer::intValue).max().getAsInt());

        // collections' default methods with lambdas
        List<String> names = staff.stream().map(Employee::getName).collect(Collectors.toCollection(ArrayList::new));
        names.removeIf(n -> n.length() > 4);
        names.replaceAll(String::toLowerCase);
        names.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(names);
        Map<String, List<String>> flows = new TreeMap<>();
        for (String s : "a1 b2 a3 c4 b5 a6".split(" ")) flows.computeIfAbsent(s.substring(0, 1), k -> new ArrayList<>()).add(s);
        System.out.println(flows);
        Map<Character, Integer> counts = new TreeMap<>();
        for (char ch : "mississippi".toCharArray()) counts.merge(ch, 1, Integer::sum);
        counts.forEach((k, v) -> System.out.print(k + "" + v + " "));
        System.out.println();
        PriorityQueue<Employee> pq = new PriorityQueue<>((a, b) -> a.getAge() - b.getAge());
        pq.addAll(staff);
        StringBuilder order = new StringBuilder();
        while (!pq.isEmpty()) order.append(pq.poll().getName().charAt(0));
        System.out.println(order);
        names.forEach(System.out::println);
        Supplier<List<String>> sup = ArrayList::new;
        BiFunction<String, Integer, Character> charAt = String::charAt;
        Function<Integer, int[]> mkArr = int[]::new;
        System.out.println(sup.get().size() + " " + charAt.apply("hello", 1) + " " + mkArr.apply(3).length);
        Runnable r = () -> System.out.println("run");
        r.run();
        int base = 10;
        IntBinaryOperator addBase = (a, b) -> a + b + base;
        System.out.println(IntStream.of(1, 2, 3).reduce(0, addBase));
    }
}
