// java.util.concurrent.Callable as a functional type (run on the calling
// thread: vifvm has no executors): lambdas, method references, checked
// exceptions thrown through call().
import java.util.*;
import java.util.concurrent.Callable;

public class CallableTasks {
    static int parse(String s) throws Exception {
        if (s.isEmpty()) throw new Exception("empty input");
        return Integer.parseInt(s);
    }

    static <T> String run(Callable<T> c) {
        try {
            return "ok " + c.call();
        } catch (Exception e) {
            return "failed " + e;
        }
    }

    public static void main(String[] args) {
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (String s : new String[] {"12", "", "x", "7"}) tasks.add(() -> parse(s));
        for (Callable<Integer> t : tasks) System.out.println(run(t));
        Callable<String> ref = "abc"::toUpperCase;
        Callable<List<String>> ctor = ArrayList::new;
        System.out.println(run(ref) + " " + run(ctor) + " " + run(() -> null));
        Runnable r = () -> System.out.println("runnable");
        r.run();
    }
}
