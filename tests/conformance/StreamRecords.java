// conformance: min-release 17
// Modern Java: records in stream pipelines, Stream.toList, teeing,
// var, text processing with lines(), Collectors with method references.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamRecords {
    record Flow(String src, String dst, int port, long bytes) {}

    record Stats(long count, long total) {}

    public static void main(String[] args) {
        var log = """
            10.0.0.1 10.0.0.9 443 1500
            10.0.0.2 10.0.0.9 80 400
            10.0.0.1 10.0.0.7 443 9000
            10.0.0.3 10.0.0.9 22 120
            10.0.0.2 10.0.0.7 80 800
            10.0.0.1 10.0.0.9 443 700
            """;
        List<Flow> flows = log.lines().map(l -> l.split(" "))
            .map(f -> new Flow(f[0], f[1], Integer.parseInt(f[2]), Long.parseLong(f[3])))
            .toList();
        System.out.println(flows.get(0));
        Map<Integer, Long> bytesPerPort = flows.stream()
            .collect(Collectors.groupingBy(Flow::port, TreeMap::new, Collectors.summingLong(Flow::bytes)));
        System.out.println(bytesPerPort);
        var top = flows.stream().sorted(Comparator.comparingLong(Flow::bytes).reversed()).limit(2).toList();
        System.out.println(top);
        Stats st = flows.stream().collect(Collectors.teeing(Collectors.counting(),
            Collectors.summingLong(Flow::bytes), Stats::new));
        System.out.println(st + " " + st.equals(new Stats(6, 12520)));
        Map<String, Set<String>> talkers = flows.stream().collect(Collectors.groupingBy(Flow::dst, TreeMap::new,
            Collectors.mapping(Flow::src, Collectors.toCollection(TreeSet::new))));
        System.out.println(talkers);
        System.out.println(flows.stream().map(Flow::src).distinct().sorted(Comparator.reverseOrder()).toList());
        String kinds = flows.stream().map(f -> switch (f.port()) {
            case 443 -> "tls";
            case 80 -> "http";
            default -> "other";
        }).collect(Collectors.joining(","));
        System.out.println(kinds);
        Object o = flows.stream().filter(f -> f.port() == 22).findFirst().orElseThrow();
        if (o instanceof Flow f && f.bytes() < 1000) System.out.println("small ssh flow from " + f.src());
        System.out.println(IntStream.rangeClosed(1, 5).mapToObj(i -> new Stats(i, (long) i * i)).map(Stats::total).toList());
    }
}
