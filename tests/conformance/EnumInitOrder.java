// Enum class initialization: constants constructed in order before later static fields; values() copies;
// enum constants as HashMap keys; ordinal-indexed arrays.
import java.util.HashMap;
import java.util.Map;

public class EnumInitOrder {
    static StringBuilder log = new StringBuilder();
    enum Stage {
        PARSE("p"), VERIFY("v"), LINK("l"), INIT("i");
        static final String AFTER;
        static { AFTER = "static-after"; log.append("Stage.static "); }
        final String code;
        Stage(String c) { code = c; log.append("ctor ").append(c).append(' '); }
    }
    enum Empty { }
    public static void main(String[] args) {
        log.append("main ");
        Stage s = Stage.LINK;
        System.out.println(log.toString().trim());
        System.out.println(s + " " + s.code + " " + Stage.AFTER + " " + Empty.values().length);
        Map<Stage, Integer> times = new HashMap<Stage, Integer>();
        for (Stage st : Stage.values()) times.put(st, st.ordinal() * 10);
        System.out.println(times.get(Stage.INIT) + " " + times.get(Stage.PARSE) + " " + times.size());
        int[] counts = new int[Stage.values().length];
        for (int i = 0; i < 100; i++) counts[Stage.values()[i % 4].ordinal()] += i;
        System.out.println(counts[0] + " " + counts[1] + " " + counts[2] + " " + counts[3]);
        System.out.println(Stage.valueOf("VERIFY").compareTo(Stage.INIT) + " " + Stage.PARSE.name().toLowerCase());
    }
}
